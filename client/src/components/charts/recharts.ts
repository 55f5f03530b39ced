import { setAutoFreeze } from 'immer';

/*
 * recharts, for every chart of the app: import it from here, not from 'recharts' (ESLint says so).
 * recharts keeps a chart's props, the elements given as its children included (<Cell>, <LabelList>),
 * in a Redux store whose immer deep-freezes every state it produces. Under Preact (docs/decisions/,
 * "Preact runs the client") an element that has rendered links to its DOM nodes and through them to
 * `window`, which freezing would reach, and Preact must still write to the element. The charts have no
 * use for frozen state: freezing is off before any chart renders. This module loads with the screens
 * that draw charts, not with the shell.
 */
setAutoFreeze(false);

export * from 'recharts';
