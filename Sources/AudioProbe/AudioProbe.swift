// AudioProbe
