import { ErrorPage } from './ErrorPage';

export default function NotFoundPage() {
  return <ErrorPage code={404} />;
}
