import { PolicyPage } from './PolicyPage';

export default function PrivacyPage() {
  return <PolicyPage policy="privacy" cta="contactUs" />;
}
