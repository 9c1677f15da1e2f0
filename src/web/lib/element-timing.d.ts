/**
 * `elementtiming` on images (Element Timing API): the browser reports the element's own
 * paint as a PerformanceElementTiming entry. The server marks each public page's largest
 * image `elementtiming="first-screen"` and the app renders the same attribute, so the
 * mount keeps it; main.tsx waits for that paint before it loads the app (issue 10).
 */
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
