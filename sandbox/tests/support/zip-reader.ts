/**
 * A small ZIP reader for the tests, independent of the library that writes the sandbox's zips: it
 * reads the central directory, checks each local header and data descriptor against it and each
 * entry's CRC-32 (Node's zlib), and inflates deflated entries. No ZIP64, no encryption.
 */
import { crc32, inflateRawSync } from "node:zlib";

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** General purpose flags (bit 3: sizes and CRC in a data descriptor after the data). */
  flags: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts in the file. */
  offset: number;
  data: Buffer;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

function fail(message: string): never {
  throw new Error(`zip: ${message}`);
}

/** Every entry of a whole zip file, in central-directory order; throws on any inconsistency. */
export function readZip(file: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 0xffff); i -= 1) {
    if (file.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail("no end of central directory");
  const count = file.readUInt16LE(eocd + 10);
  const cdSize = file.readUInt32LE(eocd + 12);
  const cdOffset = file.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize !== eocd)
    fail("the central directory does not end where its end record is");

  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n += 1) {
    if (file.readUInt32LE(at) !== CENTRAL) fail(`no central header at ${at}`);
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const compressedSize = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const offset = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (compressedSize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff)
      fail(`${name}: ZIP64 is not read here`);
    at += 46 + nameLength + extraLength + commentLength;

    if (file.readUInt32LE(offset) !== LOCAL) fail(`${name}: no local header at ${offset}`);
    const localName = file
      .subarray(offset + 30, offset + 30 + file.readUInt16LE(offset + 26))
      .toString("utf8");
    if (localName !== name) fail(`local name ${localName} differs from ${name}`);
    if (file.readUInt16LE(offset + 8) !== method) fail(`${name}: local method differs`);
    const start = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const raw = file.subarray(start, start + compressedSize);
    if (flags & 8) {
      let d = start + compressedSize;
      if (file.readUInt32LE(d) === DESCRIPTOR) d += 4;
      if (
        file.readUInt32LE(d) !== crc ||
        file.readUInt32LE(d + 4) !== compressedSize ||
        file.readUInt32LE(d + 8) !== size
      )
        fail(`${name}: the data descriptor differs from the central directory`);
    }
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else fail(`${name}: method ${method}`);
    if (data.length !== size) fail(`${name}: ${data.length} bytes, ${size} announced`);
    if (crc32(data) !== crc) fail(`${name}: CRC-32 mismatch`);
    entries.push({ name, method, flags, compressedSize, size, offset, data });
  }
  return entries;
}
