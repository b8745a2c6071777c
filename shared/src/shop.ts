/**
 * The shop's own details: the spec's {phone}, {email} and {host} placeholders. The server reads
 * overrides from the environment and publishes them at GET /api/shop; these are the demo defaults.
 */
export interface ShopSettings {
  name: string;
  phone: string; // ten digits, shown as +91 …
  whatsappPhone: string; // international digits for wa.me links
  email: string;
  address: string;
  publicUrl: string;
  workingHours: string;
  mapEmbedUrl: string;
  paymentMode: 'razorpay' | 'simulator';
  razorpayKeyId: string | null;
}

export const DEFAULT_SHOP: ShopSettings = {
  name: 'Kesh Ayurveda',
  phone: '9876543210',
  whatsappPhone: '919876543210',
  email: 'care@keshayurveda.in',
  address: '14, Kalawad Road, Near Kotecha Chowk, Rajkot, Gujarat 360005, India',
  publicUrl: 'http://localhost:3000',
  workingHours: 'Mon-Sat 9AM-8PM',
  mapEmbedUrl: 'https://www.google.com/maps?q=Kalawad+Road+Rajkot+Gujarat&output=embed',
  paymentMode: 'simulator',
  razorpayKeyId: null,
};
