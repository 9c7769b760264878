/**
 * The donation widget's live preview. /explorer.js sizes it to its content as /embed.js sizes
 * the widget on an NGO's site; without it the frame keeps its CSS height and scrolls.
 */
export function WidgetPreview({ src }: { src: string }) {
  return <iframe className="widget" src={src} title="Donation widget preview" loading="lazy" data-fit="" />;
}
