// Summarise a .cpuprofile: self time by function (top 30) and by package.
import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const self = new Map(); const byPkg = new Map();
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
let total = 0;
for (const n of p.nodes) {
  const t = dt.get(n.id) ?? 0; total += t;
  const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '')}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  const pkg = cf.url.includes('node_modules/') ? cf.url.replace(/^.*node_modules\//, '').split('/').slice(0, cf.url.includes('node_modules/@') ? 2 : 1).join('/') : cf.url.startsWith('file:///work/main/') ? cf.url.replace('file:///work/main/', '').split('/').slice(0, 3).join('/') : (cf.url || cf.functionName);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(100 * v / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
console.log(top(byPkg, 25)); console.log('---'); console.log(top(self, 40));
