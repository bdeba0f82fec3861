import { createContext } from 'react';
import type { LiveConnection } from './live-connection';

/** The app's one live connection; null outside the logged-in layout. */
export const LiveContext = createContext<LiveConnection | null>(null);
