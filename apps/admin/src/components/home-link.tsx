import { Wordmark } from '@tieline/ui';
import { Link } from 'react-router';

/** The product name in every header; it links to '/', which lands on the first enabled module (spec §2). */
export function HomeLink() {
  return (
    <Link to="/" className="inline-flex rounded-md p-1" aria-label="Tieline home">
      <Wordmark />
    </Link>
  );
}
