// Runs in: renderer. A screen's pure model (state + `reduce(state, action)`, unit-tested without a DOM) held by a
// hook: `dispatch` applies an action at once, so `get()` reads the new state before React renders it again (a
// panel asked "may I go?" right after a save must see the save), and the component renders `state`.
//   const [state, dispatch, get] = useModel(reduceX, () => initialX(props));
import { useCallback, useRef, useState } from 'react';

export function useModel<S, A>(reduce: (state: S, action: A) => S, init: () => S): [S, (action: A) => void, () => S] {
  const [state, setState] = useState(init);
  const current = useRef(state);
  const dispatch = useCallback(
    (action: A) => {
      current.current = reduce(current.current, action);
      setState(current.current);
    },
    [reduce],
  );
  const get = useCallback(() => current.current, []);
  return [state, dispatch, get];
}
