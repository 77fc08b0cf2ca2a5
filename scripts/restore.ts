/**
 * `npm run restore -- <Sicherungsverzeichnis> [--force]`: a backup of `npm run backup` into the
 * configured database (DATABASE_URL or DATA_DIR/db) and storage, checked against its manifest
 * afterwards. Exit code 1 when anything differs. See docs/operations.md.
 */
import path from 'node:path';
import { readConfig } from '../server/src/config.ts';
import { BackupError, restore } from '../server/src/platform/backup.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const rest = args.filter((a) => a !== '--force');
if (args.includes('--help') || args.includes('-h') || rest.length !== 1 || rest[0]!.startsWith('-')) {
  console.log(
    'Aufruf: npm run restore -- <Sicherungsverzeichnis> [--force]\n' +
      'Spielt eine Sicherung in die konfigurierte Datenbank (DATABASE_URL bzw. DATA_DIR) und den Datei-Speicher zurück.\n' +
      '--force ersetzt eine Datenbank, die schon Daten enthält.',
  );
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2);
}

const base = process.env.INIT_CWD ?? process.cwd();

try {
  const result = await restore(readConfig(), path.resolve(base, rest[0]!), { force });
  process.exit(result.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof BackupError ? `Wiederherstellung abgebrochen: ${err.message}` : err);
  process.exit(1);
}
