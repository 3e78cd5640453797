import { PGlite } from '@electric-sql/pglite';
let t = performance.now();
const db = new PGlite();
await db.query('create table t(id int)');
console.log('create', performance.now() - t);
t = performance.now();
const dump = await db.dumpDataDir('none');
console.log('dump', performance.now() - t, dump.size, dump.constructor.name);
t = performance.now();
await db.close();
const db2 = new PGlite({ loadDataDir: dump });
await db2.query('select * from t');
console.log('load', performance.now() - t);
t = performance.now();
const gz = await db2.dumpDataDir('gzip');
console.log('gz', performance.now() - t, gz.size);
t = performance.now();
const db3 = new PGlite({ loadDataDir: new Blob([Buffer.from(await gz.arrayBuffer())]) });
await db3.query('select * from t');
console.log('load gz', performance.now() - t);
await db3.close();
console.log(db3.closed);
try {
  await db3.query('select 1');
} catch (e) {
  console.log('err', e.message);
}
