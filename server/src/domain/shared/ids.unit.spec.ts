import { isUuid } from './ids';

describe('isUuid', () => {
  it.each(['0195f0c2-0000-7000-8000-0000000000aa', '3F1C2A9E-0000-4000-8000-000000000001'])(
    'takes %s, in either case and of any version',
    (value) => expect(isUuid(value)).toBe(true),
  );

  it.each([
    '42',
    '0195f0c2-0000-7000-8000-0000000000a',
    '0195f0c2-0000-7000-8000-0000000000aag',
    ' 0195f0c2-0000-7000-8000-0000000000aa',
    null,
    42,
    ['0195f0c2-0000-7000-8000-0000000000aa'],
  ])('refuses %p', (value) => expect(isUuid(value)).toBe(false));
});
