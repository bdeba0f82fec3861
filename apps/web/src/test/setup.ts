import { configure } from '@testing-library/react';
// The app loads the toasts' container when the first toast is shown (app/providers.tsx); in
// jsdom that import is a module transform, which under load took longer than a screen test waits
// for its toast. Loaded here once, the lazy import resolves at once.
import '../app/notifications-container';

// findBy and waitFor wait up to 1 s by default. On this project's shared 2-core CI machine a
// screen's first render (a lazy chunk transformed on first import, a hundred messages in jsdom)
// has taken longer than that under load, failing tests whose behaviour was right: they wait up to
// 5 s instead. A test that waits for something that never comes still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });
