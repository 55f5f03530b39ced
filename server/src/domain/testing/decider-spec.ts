import { DomainError, type FieldErrors } from '../shared/domain-error';

/** The three pure functions of an Emmett-style decider. */
export interface Decider<Command, Event, State> {
  readonly initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** Folds events into the decider's state, from its initial state. */
export function foldEvents<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[],
): State {
  return events.reduce<State>((state, event) => decider.evolve(state, event), decider.initialState);
}

/** What a `when` step offers: the assertions on the decision. */
export interface DeciderThen<Event> {
  /** The command produced exactly these events, in this order. */
  then(expected: readonly Event[]): void;
  /** The command was refused with a DomainError of this code (and, when given, exactly these field errors). */
  thenThrows(code: string, fieldErrors?: FieldErrors): void;
  /** The command was accepted and changed nothing: no events. */
  thenNothing(): void;
}

/**
 * Given/when/then on a decider (after Emmett's DeciderSpecification): given past events, when a command,
 * then the events decided or the error. Pure: no store, no clock, no mocks.
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: readonly Event[] = []) {
      return {
        when(command: Command): DeciderThen<Event> {
          const decide = (): Event[] => decider.decide(command, foldEvents(decider, events));
          return {
            then(expected) {
              expect(decide()).toEqual(expected);
            },
            thenThrows(code, fieldErrors) {
              let thrown: unknown;
              let decided: Event[] | undefined;
              try {
                decided = decide();
              } catch (error) {
                thrown = error;
              }
              if (decided !== undefined) {
                throw new Error(`Expected ${code}, but the decider accepted with ${JSON.stringify(decided)}`);
              }
              expect(thrown).toBeInstanceOf(DomainError);
              const error = thrown as DomainError;
              expect(error.code).toBe(code);
              if (fieldErrors !== undefined) expect(error.fieldErrors).toEqual(fieldErrors);
            },
            thenNothing() {
              expect(decide()).toEqual([]);
            },
          };
        },
      };
    },
  };
}
