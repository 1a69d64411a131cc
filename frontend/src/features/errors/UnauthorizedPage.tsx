import { ErrorPage } from './ErrorPage';

export default function UnauthorizedPage() {
  return <ErrorPage code={401} />;
}
