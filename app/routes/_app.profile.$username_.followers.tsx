// /profile/:username/followers, outside the profile's layout (`$username_`): PeopleScreen.
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { peopleRoute } from "#app/components/people/PeopleScreen";

const route = peopleRoute("followers");
export const clientLoader = route.clientLoader;
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = RouteErrorBoundary;
