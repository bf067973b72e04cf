// Zip records written by hand for tests (fast for big or many entries, and able to carry lying headers): the local
// header, the central directory entry and the end record of one plain zip32 archive.

export interface ZipHeaderFields {
  name: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  packedSize: number;
  size: number;
}

export function localHeader(f: ZipHeaderFields): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(f.method, 8);
  local.writeUInt32LE(f.crc, 14);
  local.writeUInt32LE(f.packedSize, 18);
  local.writeUInt32LE(f.size, 22);
  local.writeUInt16LE(f.name.length, 26);
  return Buffer.concat([local, f.name]);
}

/** The central directory entry of a member whose local header starts at `offset`. */
export function centralEntry(f: ZipHeaderFields, offset: number): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(f.method, 10);
  central.writeUInt32LE(f.crc, 16);
  central.writeUInt32LE(f.packedSize, 20);
  central.writeUInt32LE(f.size, 24);
  central.writeUInt16LE(f.name.length, 28);
  central.writeUInt32LE(offset, 42);
  return Buffer.concat([central, f.name]);
}

export function endRecord(entries: number, centralSize: number, centralOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries, 0xffff), 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralOffset, 16);
  return end;
}
