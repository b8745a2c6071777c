import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (client/dist/.vite/manifest.json), keyed by its source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The build's manifest, or undefined for a build made without one (the page then has no preloads). */
export function readManifest(clientDir: string): ViteManifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return undefined;
  }
}

/**
 * The script files that the given source modules need before they run (their own chunks and their
 * static imports, transitively), in a stable order, leaving out the entry and what it imports: the
 * HTML already loads those. Sources missing from the manifest are skipped.
 */
export function chunkFiles(manifest: ViteManifest, sources: readonly string[]): string[] {
  const loadedByEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loadedByEntry);

  const needed = new Set<string>();
  for (const source of sources) walk(source, needed);
  return [...needed].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key]!.file);
}
