/**
 * The app's links are React Router's own `Link` (its public API: the anchor, the navigation through the
 * router, relative paths resolved). Screens import it from here, one name for every link of the app.
 */
export { Link } from 'react-router';
