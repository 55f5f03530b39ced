import { CFB, OLE2_SIGNATURE } from '../compound-file';

export interface CompoundStream {
  readonly name: string;
  readonly data: Buffer;
}

const SECTOR = 512;
const ENTRIES_PER_SECTOR = SECTOR / 4;

function padTo(data: Buffer, unit: number): Buffer {
  const rest = data.length % unit;
  return rest === 0 ? data : Buffer.concat([data, Buffer.alloc(unit - rest)]);
}

/** [MS-CFB] ordering of siblings: shorter names first, then by upper-cased UTF-16 code units. */
function compareNames(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const ua = a.toUpperCase();
  const ub = b.toUpperCase();
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

/**
 * Writes a version 3 compound file (512-byte sectors) whose root holds `streams`: streams under 4 096
 * bytes go to the mini stream, as Word writes its summary streams. Enough for generated .doc files (up to
 * about 7 MB, the reach of the header's 109 FAT sector slots).
 */
export function writeCompoundFile(streams: readonly CompoundStream[]): Buffer {
  const sorted = [...streams].sort((a, b) => compareNames(a.name, b.name));
  const small = sorted.filter((s) => s.data.length < CFB.miniStreamCutoff);
  const large = sorted.filter((s) => s.data.length >= CFB.miniStreamCutoff);

  // Mini stream and its allocation table.
  const miniStarts = new Map<string, number>();
  const miniFat: number[] = [];
  const miniParts: Buffer[] = [];
  for (const stream of small) {
    if (stream.data.length === 0) continue;
    const padded = padTo(stream.data, CFB.miniSectorSize);
    const first = miniFat.length;
    const count = padded.length / CFB.miniSectorSize;
    for (let i = 0; i < count; i++) miniFat.push(i === count - 1 ? CFB.endOfChain : first + i + 1);
    miniStarts.set(stream.name, first);
    miniParts.push(padded);
  }
  const miniStream = padTo(Buffer.concat(miniParts), SECTOR);

  const directoryEntries = 1 + sorted.length;
  const directorySectors = Math.ceil((directoryEntries * CFB.directoryEntrySize) / SECTOR);
  const miniFatSectors = Math.ceil((miniFat.length * 4) / SECTOR);
  const miniStreamSectors = miniStream.length / SECTOR;
  const largeSectors = large.map((s) => Math.ceil(s.data.length / SECTOR));
  const dataSectors =
    directorySectors + miniFatSectors + miniStreamSectors + largeSectors.reduce((a, b) => a + b, 0);
  let fatSectors = 1;
  while (fatSectors * ENTRIES_PER_SECTOR < fatSectors + dataSectors) fatSectors++;
  if (fatSectors > CFB.headerDifatEntries)
    throw new RangeError('Too large for a compound file without DIFAT sectors');

  const fat: number[] = [];
  const allocate = (count: number): number => {
    const first = fat.length;
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? CFB.endOfChain : first + i + 1);
    return count === 0 ? CFB.endOfChain : first;
  };
  for (let i = 0; i < fatSectors; i++) fat.push(CFB.fatSector);
  const directoryStart = allocate(directorySectors);
  const miniFatStart = allocate(miniFatSectors);
  const miniStreamStart = allocate(miniStreamSectors);
  const largeStarts = largeSectors.map((count) => allocate(count));
  while (fat.length % ENTRIES_PER_SECTOR !== 0) fat.push(CFB.freeSector);

  const header = Buffer.alloc(SECTOR);
  OLE2_SIGNATURE.copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(fatSectors, 44);
  header.writeUInt32LE(directoryStart, 48);
  header.writeUInt32LE(CFB.miniStreamCutoff, 56);
  header.writeUInt32LE(miniFatSectors > 0 ? miniFatStart : CFB.endOfChain, 60);
  header.writeUInt32LE(miniFatSectors, 64);
  header.writeUInt32LE(CFB.endOfChain, 68);
  for (let i = 0; i < CFB.headerDifatEntries; i++)
    header.writeUInt32LE(i < fatSectors ? i : CFB.freeSector, 76 + i * 4);

  // Directory: root, then the streams as a balanced binary tree (all black) in name order.
  const directory = Buffer.alloc(directorySectors * SECTOR);
  const children = new Map<number, { left: number; right: number }>();
  const build = (from: number, to: number): number => {
    if (from > to) return CFB.noStream;
    const middle = (from + to) >> 1;
    children.set(middle, { left: build(from, middle - 1), right: build(middle + 1, to) });
    return middle + 1;
  };
  const rootChild = build(0, sorted.length - 1);
  const writeEntry = (
    index: number,
    name: string,
    type: number,
    start: number,
    size: number,
    left: number,
    right: number,
    child: number,
  ): void => {
    const at = index * CFB.directoryEntrySize;
    directory.write(name, at, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, at + 64);
    directory[at + 66] = type;
    directory[at + 67] = 1;
    directory.writeUInt32LE(left, at + 68);
    directory.writeUInt32LE(right, at + 72);
    directory.writeUInt32LE(child, at + 76);
    directory.writeUInt32LE(start, at + 116);
    directory.writeUInt32LE(size, at + 120);
  };
  writeEntry(
    0,
    'Root Entry',
    5,
    miniStream.length > 0 ? miniStreamStart : CFB.endOfChain,
    Buffer.concat(miniParts).length,
    CFB.noStream,
    CFB.noStream,
    rootChild,
  );
  sorted.forEach((stream, index) => {
    const links = children.get(index)!;
    const start =
      stream.data.length >= CFB.miniStreamCutoff
        ? largeStarts[large.indexOf(stream)]!
        : (miniStarts.get(stream.name) ?? CFB.endOfChain);
    writeEntry(index + 1, stream.name, 2, start, stream.data.length, links.left, links.right, CFB.noStream);
  });
  for (let index = directoryEntries; index < directorySectors * (SECTOR / CFB.directoryEntrySize); index++) {
    const at = index * CFB.directoryEntrySize;
    directory.writeUInt32LE(CFB.noStream, at + 68);
    directory.writeUInt32LE(CFB.noStream, at + 72);
    directory.writeUInt32LE(CFB.noStream, at + 76);
  }

  const fatBytes = Buffer.alloc(fatSectors * SECTOR);
  fat.forEach((value, i) => fatBytes.writeUInt32LE(value, i * 4));
  const miniFatBytes = Buffer.alloc(miniFatSectors * SECTOR, 0xff);
  miniFat.forEach((value, i) => miniFatBytes.writeUInt32LE(value, i * 4));
  return Buffer.concat([
    header,
    fatBytes,
    directory,
    miniFatBytes,
    miniStream,
    ...large.map((s) => padTo(s.data, SECTOR)),
  ]);
}
