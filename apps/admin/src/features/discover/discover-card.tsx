import { Badge, buttonVariants, Card, CardContent, CardFooter } from '@tieline/ui';
import type { TDiscoverItem } from '@tieline/validation';
import { Copy, Info } from 'lucide-react';
import { Link } from 'react-router';

const count = (n: number) => n.toLocaleString('en-US');

/** The server's SVG picture as an image (an <img> runs no script, whatever the picture holds). */
export function Thumbnail({ svg, name, className }: { svg: string; name: string; className?: string }) {
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={`The network ${name}, drawn`}
      className={className}
      width={200}
      height={200}
    />
  );
}

/** One network of the gallery: picture, name, description, tags, size and who published it. */
export function DiscoverCard({ item, onTag }: { item: TDiscoverItem; onTag: (tag: string) => void }) {
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="discover-card">
      <div className="flex justify-center border-b bg-muted/40 p-2">
        <Thumbnail svg={item.thumbnail} name={item.name} className="size-40" />
      </div>
      <CardContent className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold leading-tight">{item.name}</h2>
        <p className="text-xs text-muted-foreground">
          {count(item.people)} people · {count(item.ties)} ties · {item.directed ? 'directed' : 'undirected'} · by{' '}
          <span className="font-medium text-foreground">{item.mine ? 'you' : item.owner}</span>
          {item.origin ? (
            <>
              {' '}
              · from <span className="font-medium text-foreground">{item.origin.name}</span>
            </>
          ) : null}
        </p>
        {item.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{item.description}</p> : null}
        {item.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag}>
                <button type="button" onClick={() => onTag(tag)} aria-label={`Show networks tagged ${tag}`}>
                  <Badge variant={item.curated ? 'secondary' : 'outline'}>{tag}</Badge>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CardFooter className="flex gap-2 p-4 pt-0">
        <Link
          to={`/discover/${item._id}/describe`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`Describe ${item.name}`}
        >
          <Info aria-hidden="true" /> Describe
        </Link>
        <Link
          to={`/discover/${item._id}/duplicate`}
          className={buttonVariants({ size: 'sm' })}
          aria-label={`Duplicate ${item.name}`}
        >
          <Copy aria-hidden="true" /> Duplicate
        </Link>
      </CardFooter>
    </Card>
  );
}
