import path from 'node:path';
import { build, defaultClientConditions, type Plugin, type Rolldown } from 'vite';

/**
 * Builds `entry` (a path from the client folder) on its own into one classic script: every import
 * inlined, no `import` statement, so that a plain `<script async src>` (the CSP allows only this
 * site's files) runs it as soon as it arrives, without waiting for the app's modules. It is emitted
 * into the client build as a content-hashed asset, `assets/<name>-<hash>.js`, and listed in the build
 * manifest under `entry` for the server to name in the pages that need it.
 */
export function classicScript(entry: string, name: string): Plugin {
  let root = '';
  return {
    name: 'kesh-classic-script',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const result = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        resolve: { conditions: ['source', ...defaultClientConditions] },
        build: {
          write: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: path.resolve(root, entry), formats: ['iife'], name: 'keshClassicScript' },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunks = outputs.flatMap((out) => out.output).filter((out) => out.type === 'chunk');
      if (chunks.length !== 1) throw new Error(`${entry}: expected one script, got ${chunks.length}`);
      this.emitFile({ type: 'asset', name: `${name}.js`, originalFileName: entry, source: chunks[0]!.code });
    },
  };
}
