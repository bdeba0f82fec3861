// The toasts' container alone, for the lazy import in providers.tsx: importing the package's
// index there would pull the whole package into the chunk the first screen loads.
export { Notifications } from '@mantine/notifications';
