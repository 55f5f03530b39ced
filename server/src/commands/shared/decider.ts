import type { DomainEvent } from '../../events/domain-event';

/** An aggregate's pure decision logic (Emmett's decider). */
export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}
