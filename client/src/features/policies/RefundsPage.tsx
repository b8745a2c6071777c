import { PolicyPage } from './PolicyPage';

export default function RefundsPage() {
  return <PolicyPage policy="refunds" cta="contactSupport" />;
}
