import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { primaryButton } from './ui';

/** The card the login and password screens share, alone on the brand background (no sidebar). */
export function AuthCard({
  icon,
  title,
  intro,
  children,
  footer,
}: {
  icon: ReactNode;
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 via-brand-800 to-brand-950 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            {icon}
          </span>
          <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
          <p className="mt-1 text-sm text-gray-600">{intro}</p>
        </div>
        {children}
        <p className="mt-6 text-center text-sm">{footer}</p>
      </div>
    </main>
  );
}

/** The form's inline error line. */
export function FormAlert({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {text}
    </p>
  );
}

/** The full-width submit button, spinning and relabelled while busy. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className={`${primaryButton} w-full py-2.5`}>
      {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
