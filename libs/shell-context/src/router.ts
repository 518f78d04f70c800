// The router every front end uses, shared as its own Module Federation singleton
// (`@meetings/shell-context/router`). Shared modules are never tree-shaken, so sharing
// react-router-dom itself sent all of react-router (data routers, server rendering, cookies) to
// every page: 62 KB gzip. Sharing this module instead keeps one router instance per page and lets
// the build drop what no front end imports (14 KB gzip). Import routing only from here: a direct
// react-router-dom import would get a second router context (ESLint refuses it).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
