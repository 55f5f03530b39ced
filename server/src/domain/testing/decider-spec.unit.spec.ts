import { DomainError } from '../shared/domain-error';
import { type Decider, deciderSpec, foldEvents } from './decider-spec';

/** A counter that refuses to go above 2: enough to show what the helper checks. */
type Counted = { type: 'Counted'; by: number };
type Count = { type: 'Count'; by: number };
const counter: Decider<Count, Counted, number> = {
  initialState: 0,
  decide: ({ by }, total) => {
    if (by === 0) return [];
    if (total + by > 2)
      throw new DomainError('COUNTER.TOO_HIGH', { by: [{ key: 'VALIDATION.MAX_VALUE', params: { 0: 2 } }] });
    return [{ type: 'Counted', by }];
  },
  evolve: (total, { by }) => total + by,
};
const spec = deciderSpec(counter);

describe('deciderSpec', () => {
  it('folds the given events before deciding', () => {
    expect(
      foldEvents(counter, [
        { type: 'Counted', by: 1 },
        { type: 'Counted', by: 1 },
      ]),
    ).toBe(2);
    spec
      .given([{ type: 'Counted', by: 1 }])
      .when({ type: 'Count', by: 1 })
      .then([{ type: 'Counted', by: 1 }]);
  });

  it('then fails on other events', () => {
    expect(() =>
      spec
        .given([])
        .when({ type: 'Count', by: 1 })
        .then([{ type: 'Counted', by: 2 }]),
    ).toThrow();
  });

  it('thenThrows checks the code and, when given, exactly the field errors', () => {
    const refused = spec.given([{ type: 'Counted', by: 2 }]).when({ type: 'Count', by: 1 });
    refused.thenThrows('COUNTER.TOO_HIGH');
    refused.thenThrows('COUNTER.TOO_HIGH', { by: [{ key: 'VALIDATION.MAX_VALUE', params: { 0: 2 } }] });
    expect(() => refused.thenThrows('OTHER.CODE')).toThrow();
    expect(() => refused.thenThrows('COUNTER.TOO_HIGH', { by: [] })).toThrow();
  });

  it('thenThrows fails when the decider accepts', () => {
    expect(() => spec.given([]).when({ type: 'Count', by: 1 }).thenThrows('COUNTER.TOO_HIGH')).toThrow(
      /Expected COUNTER.TOO_HIGH, but the decider accepted/,
    );
  });

  it('thenNothing passes on no events only', () => {
    spec.given([]).when({ type: 'Count', by: 0 }).thenNothing();
    expect(() => spec.given([]).when({ type: 'Count', by: 1 }).thenNothing()).toThrow();
  });
});
