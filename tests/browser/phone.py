"""The phone the browser tests hold: a 390×844 screen, touch, a mobile viewport.

Its screen has one device pixel per CSS pixel: layout, media queries and touch are a phone's, and the
site styles and draws nothing by screen density (test_phone_density.py keeps it so), so what a test
sees is what a three-pixel phone shows. Only the software rasteriser's work differs: at three pixels
it paints nine times the pixels on every scroll and frame, which was most of the browser's CPU in the
suite. test_phone_density.py renders pages at three pixels too."""
PHONE_VIEWPORT = {"width": 390, "height": 844}
PHONE_DENSITY = 1
