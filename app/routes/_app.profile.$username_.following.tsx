// /profile/:username/following, outside the profile's layout (`$username_`): PeopleScreen.
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { peopleRoute } from "#app/components/people/PeopleScreen";

const route = peopleRoute("following");
export const clientLoader = route.clientLoader;
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = RouteErrorBoundary;
