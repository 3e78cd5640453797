/**
 * Writes a tiny MaxMind DB (format 2.0, IPv4, 24-bit records) that maps one network to a
 * city record, so the geo lookup is tested on a real file without shipping a database.
 */
type Value = string | number | bigint | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('test mmdb writer: keep values short');
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function unsigned(type: number, value: number | bigint): Buffer {
  const bytes: number[] = [];
  for (let v = BigInt(value); v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'bigint') return unsigned(9, value);
  if (typeof value === 'number') return unsigned(value > 0xffff ? 6 : 5, value);
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

export function writeCityMmdb(
  network: string,
  prefixLength: number,
  city: string,
  country: string,
) {
  const address = network.split('.').reduce((acc, part) => (acc << 8) | Number(part), 0) >>> 0;
  const nodeCount = prefixLength;
  const dataPointer = nodeCount + 16;
  const tree = Buffer.alloc(nodeCount * 6);
  for (let i = 0; i < nodeCount; i += 1) {
    const bit = (address >>> (31 - i)) & 1;
    const next = i === nodeCount - 1 ? dataPointer : i + 1;
    const records = bit === 0 ? [next, nodeCount] : [nodeCount, next];
    tree.writeUIntBE(records[0]!, i * 6, 3);
    tree.writeUIntBE(records[1]!, i * 6 + 3, 3);
  }
  const data = encode({ city: { names: { en: city } }, country: { names: { en: country } } });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: 'Orbita-Test-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000n,
    description: { en: 'test' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com'),
    metadata,
  ]);
}
