import { BrowserRouter, useRoutes } from 'react-router';
import { Providers } from './providers';
import { RouteErrorBoundary } from './route-error';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router (BrowserRouter) rather than the data router: the app loads no route
 * data, and the data router would add about 19 KB gzip to the first download (decision 020).
 */
export function App() {
  return (
    <Providers>
      {/* Last resort, without the shell: the shell itself failed. */}
      <RouteErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </RouteErrorBoundary>
    </Providers>
  );
}
