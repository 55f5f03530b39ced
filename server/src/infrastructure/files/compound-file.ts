import type { FileHandle } from 'node:fs/promises';

/**
 * A reader for Microsoft's Compound File Binary format (OLE2, [MS-CFB]), the container of .doc files.
 * It reads only what it is asked for, sector by sector, so checking a 40 MB .doc reads a few kilobytes
 * plus its allocation table.
 */
export const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const CFB = {
  freeSector: 0xffffffff,
  endOfChain: 0xfffffffe,
  fatSector: 0xfffffffd,
  difatSector: 0xfffffffc,
  noStream: 0xffffffff,
  headerDifatEntries: 109,
  directoryEntrySize: 128,
  miniSectorSize: 64,
  miniStreamCutoff: 4096,
} as const;

/** Enough for any real document (16 384 entries); a longer chain is cut here rather than followed. */
const MAX_DIRECTORY_SECTORS = 1024;

export type DirectoryEntryType = 'storage' | 'stream' | 'root' | 'unknown';

export interface DirectoryEntry {
  readonly name: string;
  readonly type: DirectoryEntryType;
  readonly left: number;
  readonly right: number;
  readonly child: number;
  readonly startSector: number;
  readonly size: number;
}

export class CompoundFileError extends Error {}

const TYPES: Record<number, DirectoryEntryType> = { 1: 'storage', 2: 'stream', 5: 'root' };

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw new CompoundFileError('The compound file is cut off.');
  return buffer;
}

export class CompoundFile {
  private constructor(
    private readonly handle: FileHandle,
    private readonly sectorSize: number,
    private readonly fat: Uint32Array,
    private readonly entries: readonly DirectoryEntry[],
    private readonly miniFat: Uint32Array,
    private readonly miniStreamSectors: readonly number[],
  ) {}

  /** Parses the header, allocation tables and directory; throws CompoundFileError when they do not hold. */
  static async open(handle: FileHandle, fileSize: number): Promise<CompoundFile> {
    if (fileSize < 512) throw new CompoundFileError('The file is too short for a compound file.');
    const header = await readAt(handle, 0, 512);
    if (!header.subarray(0, 8).equals(OLE2_SIGNATURE)) throw new CompoundFileError('No OLE2 signature.');
    if (header.readUInt16LE(28) !== 0xfffe) throw new CompoundFileError('Unknown byte order mark.');
    const sectorShift = header.readUInt16LE(30);
    if (sectorShift !== 9 && sectorShift !== 12) throw new CompoundFileError('Unsupported sector size.');
    const sectorSize = 1 << sectorShift;
    const sectorCount = Math.ceil(fileSize / sectorSize) - 1;
    const fatSectorCount = header.readUInt32LE(44);
    const firstDirectorySector = header.readUInt32LE(48);
    const firstMiniFatSector = header.readUInt32LE(60);
    const miniFatSectorCount = header.readUInt32LE(64);
    let difatSector = header.readUInt32LE(68);
    if (fatSectorCount > sectorCount)
      throw new CompoundFileError('The allocation table is larger than the file.');

    const fatSectors: number[] = [];
    for (let i = 0; i < CFB.headerDifatEntries && fatSectors.length < fatSectorCount; i++)
      fatSectors.push(header.readUInt32LE(76 + i * 4));
    const perDifatSector = sectorSize / 4 - 1;
    for (let guard = 0; fatSectors.length < fatSectorCount; guard++) {
      if (difatSector >= sectorCount || guard > sectorCount)
        throw new CompoundFileError('Broken DIFAT chain.');
      const sector = await readAt(handle, (difatSector + 1) * sectorSize, sectorSize);
      for (let i = 0; i < perDifatSector && fatSectors.length < fatSectorCount; i++)
        fatSectors.push(sector.readUInt32LE(i * 4));
      difatSector = sector.readUInt32LE(perDifatSector * 4);
    }
    const fat = new Uint32Array(fatSectorCount * (sectorSize / 4));
    for (const [index, sector] of fatSectors.entries()) {
      if (sector >= sectorCount) throw new CompoundFileError('A FAT sector lies outside the file.');
      const bytes = await readAt(handle, (sector + 1) * sectorSize, sectorSize);
      for (let i = 0; i < sectorSize / 4; i++) fat[index * (sectorSize / 4) + i] = bytes.readUInt32LE(i * 4);
    }
    const chain = (start: number): number[] => followChain(fat, start, sectorCount);

    const entries: DirectoryEntry[] = [];
    for (const sector of followChain(fat, firstDirectorySector, sectorCount, MAX_DIRECTORY_SECTORS)) {
      const bytes = await readAt(handle, (sector + 1) * sectorSize, sectorSize);
      for (let at = 0; at < sectorSize; at += CFB.directoryEntrySize)
        entries.push(parseEntry(bytes.subarray(at, at + 128)));
    }
    const root = entries[0];
    if (root?.type !== 'root') throw new CompoundFileError('The directory has no root entry.');

    const miniFat = new Uint32Array(miniFatSectorCount * (sectorSize / 4));
    if (miniFatSectorCount > 0) {
      const sectors = chain(firstMiniFatSector);
      for (const [index, sector] of sectors.slice(0, miniFatSectorCount).entries()) {
        const bytes = await readAt(handle, (sector + 1) * sectorSize, sectorSize);
        for (let i = 0; i < sectorSize / 4; i++)
          miniFat[index * (sectorSize / 4) + i] = bytes.readUInt32LE(i * 4);
      }
    }
    const miniStreamSectors = root.size > 0 ? chain(root.startSector) : [];
    return new CompoundFile(handle, sectorSize, fat, entries, miniFat, miniStreamSectors);
  }

  /** The streams and storages directly under the root, by name (walking the root's sibling tree). */
  rootChildren(): ReadonlyMap<string, DirectoryEntry> {
    const children = new Map<string, DirectoryEntry>();
    const visited = new Set<number>();
    const pending = [this.entries[0]!.child];
    while (pending.length > 0) {
      const index = pending.pop()!;
      if (index === CFB.noStream || index >= this.entries.length || visited.has(index)) continue;
      visited.add(index);
      const entry = this.entries[index]!;
      if (!children.has(entry.name)) children.set(entry.name, entry);
      pending.push(entry.left, entry.right);
    }
    return children;
  }

  /** At most `maxBytes` bytes of a stream, from `offset`: only the sectors holding them are read. */
  async readStream(entry: DirectoryEntry, maxBytes = entry.size, offset = 0): Promise<Buffer> {
    const end = Math.min(entry.size, offset + maxBytes);
    if (end <= offset) return Buffer.alloc(0);
    const mini = entry.size < CFB.miniStreamCutoff;
    const unit = mini ? CFB.miniSectorSize : this.sectorSize;
    const table = mini ? this.miniFat : this.fat;
    const limit = mini
      ? Math.floor((this.miniStreamSectors.length * this.sectorSize) / unit)
      : this.fat.length;
    const first = Math.floor(offset / unit);
    const sectors = followChain(table, entry.startSector, limit, Math.ceil(end / unit));
    if (sectors.length * unit < end) throw new CompoundFileError(`The stream ${entry.name} is cut off.`);
    const parts: Buffer[] = [];
    for (const sector of sectors.slice(first)) {
      if (!mini) {
        parts.push(await readAt(this.handle, (sector + 1) * this.sectorSize, unit));
        continue;
      }
      const at = sector * unit;
      const container = this.miniStreamSectors[Math.floor(at / this.sectorSize)];
      if (container === undefined) throw new CompoundFileError('The mini stream is cut off.');
      parts.push(await readAt(this.handle, (container + 1) * this.sectorSize + (at % this.sectorSize), unit));
    }
    return Buffer.concat(parts).subarray(offset - first * unit, end - first * unit);
  }
}

function followChain(
  table: Uint32Array,
  start: number,
  limit: number,
  maxLength = Number.MAX_SAFE_INTEGER,
): number[] {
  const sectors: number[] = [];
  for (let sector = start; sector !== CFB.endOfChain && sectors.length < maxLength; sector = table[sector]!) {
    if (sector >= limit || sector >= table.length || sectors.length > limit)
      throw new CompoundFileError('A sector chain leaves the file or loops.');
    sectors.push(sector);
  }
  return sectors;
}

function parseEntry(bytes: Buffer): DirectoryEntry {
  const nameLength = Math.min(bytes.readUInt16LE(64), 64);
  return {
    name: bytes.toString('utf16le', 0, Math.max(0, nameLength - 2)),
    type: TYPES[bytes[66]!] ?? 'unknown',
    left: bytes.readUInt32LE(68),
    right: bytes.readUInt32LE(72),
    child: bytes.readUInt32LE(76),
    startSector: bytes.readUInt32LE(116),
    size: bytes.readUInt32LE(120),
  };
}
