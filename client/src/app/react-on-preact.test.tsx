import { act, render, screen, waitFor } from '@testing-library/react';
import * as React from 'react';
import {
  createContext,
  StrictMode,
  startTransition,
  Suspense,
  use,
  useEffect,
  useEffectEvent,
  useId,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import * as Compat from 'preact/compat';
import { Bar, BarChart, Cell, XAxis, YAxis } from '../components/charts/recharts';
import { describe, expect, it } from 'vitest';

/**
 * The client is React code that Preact's compat layer runs (docs/decisions/, "Preact runs the
 * client"): these are the React 19 APIs the code and its libraries rely on, run as they ship.
 */
describe('React on Preact', () => {
  it('runs the tests on what ships: react is preact/compat', () => {
    expect(React.createElement).toBe(Compat.createElement);
  });

  it('renders through createRoot in StrictMode and unmounts', () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    act(() =>
      root.render(
        <StrictMode>
          <p>hello</p>
        </StrictMode>,
      ),
    );
    expect(container.textContent).toBe('hello');
    act(() => root.unmount());
    expect(container.textContent).toBe('');
  });

  it('gives each useId its own id, stable across renders', () => {
    function Field({ label }: { label: string }) {
      const id = useId();
      return (
        <>
          <label htmlFor={id}>{label}</label>
          <input id={id} />
        </>
      );
    }
    const { rerender } = render(
      <>
        <Field label="First" />
        <Field label="Second" />
      </>,
    );
    const first = screen.getByLabelText('First').id;
    expect(first).not.toBe(screen.getByLabelText('Second').id);
    rerender(
      <>
        <Field label="First" />
        <Field label="Second" />
      </>,
    );
    expect(screen.getByLabelText('First').id).toBe(first);
  });

  it('follows an external store with useSyncExternalStore, and applies startTransition updates', () => {
    let value = 1;
    const listeners = new Set<() => void>();
    const store = {
      subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
      set: (next: number) => ((value = next), listeners.forEach((listener) => listener())),
    };
    let setLabel: (label: string) => void = () => undefined;
    function View() {
      const current = useSyncExternalStore(store.subscribe, () => value);
      const [label, set] = useState('count');
      setLabel = set;
      return <p>{`${label} ${current}`}</p>;
    }
    render(<View />);
    act(() => store.set(2));
    expect(screen.getByText('count 2')).toBeTruthy();
    act(() => startTransition(() => setLabel('total')));
    expect(screen.getByText('total 2')).toBeTruthy();
  });

  it('gives an effect event the latest props without running the effect again', () => {
    const bell = new EventTarget();
    const heard: string[] = [];
    let subscriptions = 0;
    function Listener({ text }: { text: string }) {
      const onRing = useEffectEvent(() => heard.push(text));
      useEffect(() => {
        subscriptions++;
        bell.addEventListener('ring', onRing);
        return () => bell.removeEventListener('ring', onRing);
      }, []);
      return null;
    }
    const { rerender } = render(<Listener text="first" />);
    rerender(<Listener text="second" />);
    bell.dispatchEvent(new Event('ring'));
    expect(heard).toEqual(['second']);
    expect(subscriptions).toBe(1);
  });

  it('reads a context and a promise with use, behind Suspense', async () => {
    const Greeting = createContext('hello');
    const name = Promise.resolve('Mari');
    function Hello() {
      return <p>{`${use(Greeting)} ${use(name)}`}</p>;
    }
    render(
      <Greeting.Provider value="tere">
        <Suspense fallback={<p>loading</p>}>
          <Hello />
        </Suspense>
      </Greeting.Provider>,
    );
    expect(await screen.findByText('tere Mari')).toBeTruthy();
  });

  it('draws a recharts chart (its redux store, selectors, and cells given in a fragment)', async () => {
    const data = [
      { month: 'Jan', sales: 10 },
      { month: 'Feb', sales: 30 },
      { month: 'Mar', sales: 20 },
    ];
    const colours = ['#111111', '#222222', '#333333'];
    const { container } = render(
      <BarChart width={400} height={200} data={data}>
        <XAxis dataKey="month" />
        <YAxis />
        <Bar dataKey="sales" isAnimationActive={false}>
          <>
            {colours.map((colour) => (
              <Cell key={colour} fill={colour} />
            ))}
          </>
        </Bar>
      </BarChart>,
    );
    const bars = [...container.querySelectorAll('.recharts-bar-rectangle path')];
    expect(bars.map((bar) => bar.getAttribute('fill'))).toEqual(colours);
    await waitFor(() => expect(container.textContent).toBe('JanFebMar08162432'));
  });
});
