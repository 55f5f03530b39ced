import { TextArena, textOf } from './sqlite-texts';

describe('TextArena', () => {
  it('gives back every text as it was put, multi-byte letters and chunk boundaries included', () => {
    const arena = new TextArena();
    const texts = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({ _id: `d${i}`, title: `Töövõtuleping ${'ž'.repeat(i % 40)} 📄 ${i}` }),
    );
    texts.push('', 'x'.repeat(300_000));
    const slices = texts.map((text) => arena.put(text));
    expect(slices.map((slice) => textOf(slice))).toEqual(texts);
    expect(slices.map((slice) => slice.bytes().toString('utf8'))).toEqual(texts);
    // Several chunks, each in shared memory, none of them holding what another slice holds.
    expect(new Set(slices.map((slice) => slice.chunk.buffer)).size).toBeGreaterThan(3);
    expect(slices.every((slice) => slice.chunk.buffer instanceof SharedArrayBuffer)).toBe(true);
  });

  it('leaves a string as it is', () => {
    expect(textOf('{"_id":"a"}')).toBe('{"_id":"a"}');
  });
});
