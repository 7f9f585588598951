import { useMatches } from '@mantine/core';

/**
 * True below Mantine's `md` breakpoint (62 em = 992 px): a tablet held upright
 * (768 px, 736 px of content). Tables that fit 992 px fold one more column into
 * another there (decision 019 "The tablet upright"). Rendered once, not hidden
 * by CSS, so a value is in the page one time.
 */
export const useUpright = () => useMatches({ base: true, md: false });
