/**
 * `npm run backup [-- <Zielverzeichnis>]`: database and stored files into a new directory
 * (default backups/filialportal-YYYY-MM-DD-HHMMSS), with manifest.json. See docs/operations.md.
 */
import path from 'node:path';
import { readConfig } from '../server/src/config.ts';
import { backup, BackupError, defaultBackupDir } from '../server/src/platform/backup.ts';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length > 1 || args.some((a) => a.startsWith('-'))) {
  console.log('Aufruf: npm run backup [-- <Zielverzeichnis>]\nSichert Datenbank und Dateien in ein neues Verzeichnis (Standard: backups/filialportal-JJJJ-MM-TT-HHMMSS).');
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2);
}

// npm runs the script in the project root; INIT_CWD is where the operator typed the command.
const base = process.env.INIT_CWD ?? process.cwd();
const target = args[0] ? path.resolve(base, args[0]) : defaultBackupDir(base);

try {
  await backup(readConfig(), target);
  process.exit(0);
} catch (err) {
  console.error(err instanceof BackupError ? `Sicherung fehlgeschlagen: ${err.message}` : err);
  process.exit(1);
}
