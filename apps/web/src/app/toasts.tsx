// The toasts' container on its own, for the provider to fetch with the first toast (lazy import).
export { Notifications } from '@mantine/notifications';
