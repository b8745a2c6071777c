import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * What pdfkit and fontkit import and an invoice never runs, replaced in the bundle by a function
 * that fails loudly: brotli (with its 750 KB dictionary, parsed at import) decodes WOFF2 fonts, and
 * the invoice's fonts are TrueType; AES encrypts password-protected PDFs; png-js reads PNG images.
 */
const UNUSED: Record<string, string> = {
  'brotli/decompress.js': 'export default function () { throw new Error("invoices load no WOFF2 font"); }',
  '@noble/ciphers/aes':
    'const none = () => { throw new Error("invoices are not encrypted"); }; export const cbc = none, ecb = none;',
  'png-js': 'export default class PNG { constructor() { throw new Error("invoices hold no PNG image"); } }',
};

/** pdfkit loads its built-in fonts' metrics through its own package's `imports` map. */
const PDFKIT_STANDARD_FONTS = "require$1('#standard-fonts/";
const STANDARD_FONT_COUNT = 14;

const invoicePlugin: Plugin = {
  name: 'invoice-worker',
  setup(pluginBuild) {
    const unused = new RegExp(`^(${Object.keys(UNUSED).join('|').replaceAll('.', '\\.')})$`);
    pluginBuild.onResolve({ filter: unused }, ({ path }) => ({ path, namespace: 'unused' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'unused' }, ({ path }) => ({ contents: UNUSED[path], loader: 'js' }));
    // From the bundle, `#standard-fonts/...` would be looked up in the server's package: the same
    // files through pdfkit's public exports. A pdfkit that loads them otherwise fails the build.
    pluginBuild.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const found = source.split(PDFKIT_STANDARD_FONTS).length - 1;
      if (found !== STANDARD_FONT_COUNT)
        throw new Error(`pdfkit loads ${found} standard fonts through #standard-fonts, not ${STANDARD_FONT_COUNT}`);
      return { contents: source.replaceAll(PDFKIT_STANDARD_FONTS, "require$1('pdfkit/standard-fonts/"), loader: 'js' };
    });
  },
};

/**
 * The invoice thread's code in one minified file (`npm run build -w server`): its modules as
 * loaded by Node (70 files, 1.6 MB of source kept as strings, brotli's dictionary decoded) made
 * the thread's first invoice take the process's memory 8 MB higher. The bundle keeps function
 * and class names, and renders every invoice to the same bytes (invoice-worker-bundle.test.ts).
 * It must lie where `pdfkit` and the fonts resolve from (under the server's folder).
 */
export async function bundleInvoiceWorker(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    minify: true,
    keepNames: true,
    plugins: [invoicePlugin],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const orders = new URL('../modules/orders/', import.meta.url);
  await bundleInvoiceWorker(
    fileURLToPath(new URL('invoice-worker.js', orders)),
    fileURLToPath(new URL('invoice-worker.bundle.js', orders)),
  );
}
