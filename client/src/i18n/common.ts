import { MESSAGES } from '@kesh/shared';

/** Strings used across features (header, footer, buttons). Feature strings live in their folders. */
const en = {
  loading: 'Loading...',
  close: 'Close',
  cancel: 'Cancel',
  breadcrumb: 'Breadcrumb',
  skipToContent: 'Skip to main content',
  noScript: {
    login: 'Logging in needs JavaScript. Please turn it on in your browser.',
    addToCart: 'Adding to the cart needs JavaScript. Please turn it on in your browser.',
  },
  brandTagline: 'Pure Ayurvedic Hair Care',
  nav: {
    label: 'Main navigation',
    home: 'Home',
    profile: 'Profile',
    products: 'Products',
    gallery: 'Gallery',
    contact: 'Contact',
  },
  header: {
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    cart: 'Cart',
    cartWithCount_one: 'Cart, {{count}} item',
    cartWithCount_other: 'Cart, {{count}} items',
    account: 'My account ({{name}})',
    login: 'Log in or sign up',
    language: 'Language',
  },
  footer: {
    about:
      'Handcrafted Ayurvedic hair care from Rajkot, Gujarat. Time-tested herbal recipes for stronger, healthier and naturally beautiful hair.',
    quickLinks: 'Quick Links',
    policies: 'Policies',
    contactUs: 'Contact Us',
    terms: 'Terms & Conditions',
    refunds: 'Cancellation & Refunds',
    privacy: 'Privacy & Policy',
    address: 'Address',
    phone: 'Phone',
    email: 'Email',
    workingHours: 'Working hours',
    followUs: 'Follow Us',
    claimNatural: '100% Natural',
    claimMadeInIndia: 'Made in India',
    claimCrueltyFree: 'Cruelty Free',
    claimShipping: 'Free shipping above {{amount}}',
    rights: '© {{year}} {{name}}. All rights reserved.',
  },
  widgets: {
    chat: 'Chat with us on WhatsApp',
    scrollTop: 'Scroll to top',
  },
  messages: {
    fillAllFields: MESSAGES.fillAllFields,
    invalidEmail: 'Please enter a valid email address (e.g., {{example}})!',
    invalidPhone: MESSAGES.invalidPhone,
    passwordTooShort: MESSAGES.passwordTooShort,
    fillRequiredField: MESSAGES.fillRequiredField,
    passwordsDoNotMatch: MESSAGES.passwordsDoNotMatch,
    loginFailed: MESSAGES.loginFailed,
    signupFailed: MESSAGES.signupFailed,
    otpSendFailed: MESSAGES.otpSendFailed,
    otpInvalid: MESSAGES.otpInvalid,
    otpVerified: MESSAGES.otpVerified,
    resetFailed: MESSAGES.resetFailed,
    productsFetchFailed: MESSAGES.productsFetchFailed,
    backendDown: MESSAGES.backendDown,
    slidersFetchFailed: MESSAGES.slidersFetchFailed,
    galleryFetchFailed: MESSAGES.galleryFetchFailed,
    addedToCart: MESSAGES.addedToCart,
    addToCartFailed: MESSAGES.addToCartFailed,
    contactSent: MESSAGES.contactSent,
    contactFailed: MESSAGES.contactFailed,
    emailTaken: MESSAGES.emailTaken,
    invalidCredentials: MESSAGES.invalidCredentials,
    unauthorized: MESSAGES.unauthorized,
    sessionExpired: MESSAGES.sessionExpired,
    otpSentIfExists: MESSAGES.otpSentIfExists,
    passwordReset: MESSAGES.passwordReset,
    productNotFound: MESSAGES.productNotFound,
    tooManyRequests: MESSAGES.tooManyRequests,
    internalError: MESSAGES.internalError,
    invalidRequest: MESSAGES.invalidRequest,
  },
};

/** Same keys as English; string literals widened so translations type-check. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type CommonStrings = Shape<typeof en>;

/** English is in the first download: the fallback for every language, and the page most read. */
export default en;
