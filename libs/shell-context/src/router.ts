// The router every front end uses, shared as its own Module Federation singleton: shared modules
// are never tree-shaken, so sharing react-router-dom itself would send all of react-router to every
// page. A direct react-router-dom import would get a second router context (ESLint refuses it).
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
