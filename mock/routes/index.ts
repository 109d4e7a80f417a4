// The route table: every /api route, one module per resource.
import type { RouteDef } from "./route-kit";
import { authRoutes } from "./auth";
import { commentRoutes } from "./comments";
import { openApiRoutes } from "./openapi";
import { photoRoutes } from "./photos";
import { postRoutes } from "./posts";
import { searchRoutes } from "./search";
import { notificationRoutes } from "./notifications";
import { todoRoutes } from "./todos";
import { userRoutes } from "./users";

export const routes: RouteDef[] = [
  ...authRoutes,
  ...postRoutes,
  ...commentRoutes,
  ...userRoutes,
  ...todoRoutes,
  ...photoRoutes,
  ...searchRoutes,
  ...notificationRoutes,
  ...openApiRoutes(() => routes),
];
