// Build stamps: a build is skipped when the content hash of its inputs equals the hash written
// into its output folder after the last successful build. Shared by build-web.mjs and
// build-server.mjs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const STAMP_FILE = '.build-stamp';

/** Files below `dir` (relative to ROOT), recursively, sorted; nothing when it does not exist. */
function filesBelow(rel) {
  const abs = path.join(ROOT, rel);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    return [];
  }
  if (stat.isFile()) return [rel];
  const out = [];
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...filesBelow(child));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/**
 * One hash over the names and contents of every file below `inputs` (paths relative to ROOT,
 * files or folders) and `extra` (strings that change the output too: tool versions, settings).
 * A few hundred small files take some milliseconds.
 */
export function hashInputs(inputs, extra = []) {
  const hash = createHash('sha256');
  const files = inputs.flatMap(filesBelow).sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  for (const e of extra) hash.update(`${e}\0`);
  return hash.digest('hex');
}

export function readStamp(outDir) {
  try {
    return fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

export function writeStamp(outDir, hash) {
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
}
