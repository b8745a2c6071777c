import type { Catalogue } from './index';

/** Strings used across features (header, footer, buttons). Feature strings live in their folders. */
const en = {
  loading: 'Loading...',
  close: 'Close',
  cancel: 'Cancel',
};

const catalogue: Catalogue = {
  en,
  hi: { loading: 'लोड हो रहा है...', close: 'बंद करें', cancel: 'रद्द करें' },
  mr: { loading: 'लोड होत आहे...', close: 'बंद करा', cancel: 'रद्द करा' },
  gu: { loading: 'લોડ થઈ રહ્યું છે...', close: 'બંધ કરો', cancel: 'રદ કરો' },
};
export default catalogue;
