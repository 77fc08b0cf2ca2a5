import { openPostgres } from '../server/src/platform/db.ts';
const d = await openPostgres('postgres://postgres@127.0.0.1:5432/fp_perf'); await d.close();
