import { Wordmark } from '@tieline/ui';
import { Link } from 'react-router';

type HomeLinkProps = {
  /** A whitelabelled organization's logo and name, shown instead of the product's (signed-in pages only). */
  logo?: { url: string; organization: string } | null;
};

/** The product name in every header; it links to '/', which lands on the first enabled module (spec §2). */
export function HomeLink({ logo }: HomeLinkProps) {
  return (
    <Link to="/" className="inline-flex rounded-md p-1" aria-label={`${logo ? logo.organization : 'Tieline'} home`}>
      {logo ? <img src={logo.url} alt="" className="h-8 w-auto max-w-48 object-contain" /> : <Wordmark />}
    </Link>
  );
}
