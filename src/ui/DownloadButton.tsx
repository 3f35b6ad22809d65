// Download for a file the page has fetched (a PDF): a link that saves it once it is there, a
// disabled button until then.
import { button } from './recipes';

export function DownloadButton({ url, fileName }: { url: string | null | undefined; fileName: string }) {
  const look = button({ variant: 'primary' });
  return url ? (
    <a href={url} download={fileName} className={look}>
      Download
    </a>
  ) : (
    <button type="button" className={look} disabled>
      Download
    </button>
  );
}
