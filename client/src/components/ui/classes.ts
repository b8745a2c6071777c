/** Button looks shared by storefront pages (Tailwind class lists, so they stay greppable). */
export const buttonPrimary =
  'inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonGold =
  'inline-flex items-center justify-center gap-2 rounded-full bg-gold-400 px-6 py-3 font-semibold text-brand-950 shadow-sm transition hover:bg-gold-500 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonOutline =
  'inline-flex items-center justify-center gap-2 rounded-full border-2 border-brand-800 px-6 py-3 font-semibold text-brand-800 transition hover:bg-brand-800 hover:text-white';
export const inputClass =
  'w-full rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';
