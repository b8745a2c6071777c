import { PolicyPage } from './PolicyPage';

export default function TermsPage() {
  return <PolicyPage policy="terms" cta="contactUs" />;
}
