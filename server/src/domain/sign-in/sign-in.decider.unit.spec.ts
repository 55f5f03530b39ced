import { aContext, minutesAfterNow, NOW } from '../testing/command-context.builders';
import { deciderSpec } from '../testing/decider-spec';
import { type EndSessions, signInDecider, signInStillValid } from './sign-in.decider';

const spec = deciderSpec(signInDecider);
const USER = 'user-1';

function endSessions(reason: EndSessions['data']['reason'], at = NOW): EndSessions {
  return { type: 'EndSessions', data: { userId: USER, reason }, context: aContext({ by: USER, at }) };
}

describe('Sign-in decider', () => {
  it('records a reset an admin required, and ends the user’s sign-ins with it', () => {
    spec
      .given([])
      .when({ type: 'RequirePasswordReset', data: { userId: USER }, context: aContext({ by: 'admin-1' }) })
      .then([
        {
          type: 'PasswordResetRequired',
          data: { userId: USER, requiredBy: 'admin-1', requiredAt: NOW.toISOString() },
        },
        {
          type: 'SessionsEnded',
          data: { userId: USER, reason: 'password-reset-required', endedAt: NOW.toISOString() },
        },
      ]);
  });

  it('ends every sign-in of the user at the moment of the command', () => {
    spec
      .given([])
      .when(endSessions('password-reset'))
      .then([
        {
          type: 'SessionsEnded',
          data: { userId: USER, reason: 'password-reset', endedAt: NOW.toISOString() },
        },
      ]);
  });

  it('records every later end too, so sign-ins made in between end as well', () => {
    const later = minutesAfterNow(5);
    spec
      .given([
        {
          type: 'SessionsEnded',
          data: { userId: USER, reason: 'password-reset', endedAt: NOW.toISOString() },
        },
      ])
      .when(endSessions('sign-out-everywhere', later))
      .then([
        {
          type: 'SessionsEnded',
          data: { userId: USER, reason: 'sign-out-everywhere', endedAt: later.toISOString() },
        },
      ]);
  });

  describe('signInStillValid', () => {
    const endedAt = '2026-03-14T10:00:00.600Z';
    const second = Math.floor(Date.parse(endedAt) / 1000);

    it('keeps every sign-in when nothing was ended', () => {
      expect(signInStillValid(0, null)).toBe(true);
    });

    it('refuses a sign-in from before the end, or from its very second, and keeps later ones', () => {
      expect(signInStillValid(second - 1, endedAt)).toBe(false);
      expect(signInStillValid(second, endedAt)).toBe(false);
      expect(signInStillValid(second + 1, endedAt)).toBe(true);
    });
  });
});
