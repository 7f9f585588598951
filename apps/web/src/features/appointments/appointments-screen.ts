/** The appointments screen's code: the route loads it, and the layout asks for it ahead while idle. */
export const loadAppointmentsScreen = () => import('./appointments-page');
