// Its own module so that importing it lazily (modals-host.tsx) splits off only the provider: a lazy
// import('@mantine/modals') put the whole package, Modal included, beside every static `modals` import.
export { ModalsProvider } from '@mantine/modals';
